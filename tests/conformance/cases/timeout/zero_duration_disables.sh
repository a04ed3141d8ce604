timeout 0 echo ran; echo "status $?"
