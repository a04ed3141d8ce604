export LC_ALL=C
mkdir -p p/q; touch p/q/r p/s; tree p; tree p/q
