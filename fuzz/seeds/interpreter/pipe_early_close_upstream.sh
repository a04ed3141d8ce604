seq 1 1000000 | head -n 2
echo ${PIPESTATUS[1]}
