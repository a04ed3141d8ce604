head --version | head -n1 | cut -d' ' -f1
head --bogus 2>&1; echo "[$?]"
