true &&
  echo continued ||
  echo never
