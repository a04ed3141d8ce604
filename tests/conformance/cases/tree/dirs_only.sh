export LC_ALL=C
mkdir -p d/e x; touch f d/g; tree -d
