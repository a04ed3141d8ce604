nice
