echo new > a; echo old > b
echo n | cp -i a b 2>/dev/null; echo "[$?]"; cat b
echo y | cp -i a b 2>/dev/null; echo "[$?]"; cat b
cp -i a c < /dev/null; cat c
