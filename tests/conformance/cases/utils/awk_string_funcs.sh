# length, substr, index, toupper, tolower, sprintf.
awk 'BEGIN {
  s = "Hello, World"
  print length(s), length(), length("")
  print substr(s, 1, 5) "|" substr(s, 8) "|" substr(s, 11, 99)
  print index(s, "World"), index(s, "xyz"), index(s, "o")
  print toupper(s), tolower(s)
  print sprintf("%05.1f|%-6s|%3d", 3.14159, "ab", 7)
}' </dev/null
