echo 'Hello World' | tr 'A-Za-z' 'N-ZA-Mn-za-m'
