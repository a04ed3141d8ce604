echo data > >(cat > out.txt)
wait $!
cat out.txt
