i=0; while [ $i -lt 3 ]; do i=$(expr $i + 1); echo $i; done
