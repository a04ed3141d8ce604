bash -c 'seq 3' | wc -l
echo x | bash -c 'cat; echo y' | sort -r
