printf 'name age\nalice 30\nbob 4\n' | column -t
