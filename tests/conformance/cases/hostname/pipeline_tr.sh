hostname | tr -d '\n' | wc -l
