# from mikefarah/yq docs: operators/env-variable-operators "Read string environment variable"
myenv="cat meow" yq --null-input '.a = env(myenv)'
