n=2
cat <<< "n=$((n*2)) $(echo c)"
