cat <<< data > d.txt
cat d.txt
