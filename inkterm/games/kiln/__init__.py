"""Kiln (景德镇民窑): ten dice into six kiln zones over ten rounds."""
