export LC_ALL=C
mkdir -p a/b/c/d; touch a/f a/b/g; tree -L 2; tree -L 1 --noreport
