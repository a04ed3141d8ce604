mkdir -p a/b/c
touch a/f1 a/f2
ls
ls a
ls a/b
