echo 'scale' | bc -l; echo '1/3' | bc -l
