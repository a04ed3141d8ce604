shuf -r -n 20 -e same | sort | head -n 3; shuf -r -n 20 -e same | wc -l
