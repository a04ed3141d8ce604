export LC_ALL=C
mkdir -p a/b c; touch a/b/x a/y c/z; tree
