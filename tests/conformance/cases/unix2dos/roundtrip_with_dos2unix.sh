seq 1 5 > f
unix2dos -q f; dos2unix -q f
seq 1 5 | cmp - f && echo same
