"""The shared drawing kit every picture uses: fonts, colours, tile faces, cached sprites,
the header strip, rectangles, PNG encoding, and the hand picture (a strip of tiles)."""
