dirname a/b /c/d e
