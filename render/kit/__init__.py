"""The shared drawing kit every picture uses: fonts, colours, tile faces, cached sprites and
the steps that paste them (tiles with shadows and glow, centred badges), the header strip,
rectangles, PNG encoding, and the hand picture (a strip of tiles)."""
