echo abc | tr abc wxyz12
