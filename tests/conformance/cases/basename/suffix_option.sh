basename -s .c a/x.c b/y.c z.h
