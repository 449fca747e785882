"""The project's own pictures: card faces, the card back, the table and the hand.

``bot.art.cards`` draws the cards (and their emoji tiles), ``bot.art.table`` the felt with a
game's public scene and a private hand. Everything is drawn with Pillow from shapes defined
here and Pillow's built-in font: no image or font file is read. The pictures are generated in
memory when the bot needs them (the same bytes every time); ``python -m tapete.bot.art [folder]``
writes them all as PNG files to look at.
"""
