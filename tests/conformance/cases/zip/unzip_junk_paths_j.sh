mkdir -p d/s; printf '1\n' > d/s/deep
zip -q t.zip d/s/deep
mkdir x; unzip -q -j t.zip -d x; find x | sort
