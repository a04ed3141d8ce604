for i in 1 2 3; do eval 'if [ $i = 2 ]; then break; fi'; echo $i; done
