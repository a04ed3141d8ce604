export LC_ALL=C
mkdir a b; touch a/1 b/2; tree a b
