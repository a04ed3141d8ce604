# check-stderr
touch a "b c" "$(printf "n\nl")"; echo "s=$?"
ls | od -c | head -2
mkdir d; touch d; echo "s=$?"
touch -- -x; ls -- -x; echo "s=$?"
touch d/; echo "s=$?"
touch a/; echo "s=$?"
touch new/; echo "s=$?"
