seq 3 | stdbuf -oL sed 's/^/x/' | stdbuf -i0 cat
