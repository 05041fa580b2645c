"""Similar papers by text, pure (no database): the terms a paper is compared by (`words`), each
paper's most similar papers over a whole corpus at once (`batch`, on numpy and scipy) and for a
few papers against stored statistics (`scoring`, plain Python)."""
