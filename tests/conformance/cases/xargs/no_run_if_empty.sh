printf '' | xargs -r echo ran; echo "status $?"
