printf 'same line\nleft only\n' > f1; printf 'same line\nright only\nextra\n' > f2
diff -y f1 f2
