"""Playing over the network: protocol, server, rooms and the headless client."""
