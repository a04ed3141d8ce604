mkdir -p d/sub
touch d/a.txt d/B.TXT d/.hidden d/sub/c.txt d/sub/x.log 'd/star*'
find d -name '*.txt' | sort
echo ---
find d -iname '*.txt' | sort
echo ---
find d -name '.*'
echo ---
find d -name 'star\*'
echo ---
find d -name '[ab]*' -o -name '?.log' | sort
echo ---
find d/sub/ -name sub
