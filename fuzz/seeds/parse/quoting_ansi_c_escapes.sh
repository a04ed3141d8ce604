echo $'a\tb\nc\\d\'e'
