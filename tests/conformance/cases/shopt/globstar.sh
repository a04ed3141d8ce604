mkdir -p d/e/f
touch d/x.txt d/e/y.txt d/e/f/z.txt top.txt
shopt -s globstar
echo **/*.txt
