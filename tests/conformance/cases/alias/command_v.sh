alias hi='echo hello'
command -v hi
