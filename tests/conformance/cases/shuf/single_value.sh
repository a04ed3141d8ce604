shuf -i 5-5; shuf -e only
