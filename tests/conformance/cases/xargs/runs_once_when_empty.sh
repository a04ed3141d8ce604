printf '' | xargs echo ran; echo "status $?"
