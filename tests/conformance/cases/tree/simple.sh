export LC_ALL=C
mkdir -p d/e; touch a b d/f d/e/g; tree
