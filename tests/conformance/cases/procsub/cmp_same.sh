cmp <(echo same) <(echo same) && echo identical
