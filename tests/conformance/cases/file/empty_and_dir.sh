: > e; mkdir d; file e d
