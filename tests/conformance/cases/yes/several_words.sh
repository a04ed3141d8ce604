yes a 'b c' d | head -n 2
