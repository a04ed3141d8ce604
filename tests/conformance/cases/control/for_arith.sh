for ((i=0; i<3; i++)); do echo $i; done
for ((i=10, j=0; i>j; i-=4, j++)); do echo $i $j; done
