echo abc |
  cat |
  cat
