mkdir -p d/e
touch d/x.txt d/e/y.txt top.txt
echo **/*.txt
