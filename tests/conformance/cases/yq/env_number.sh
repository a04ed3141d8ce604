# from mikefarah/yq docs: operators/env-variable-operators "Read numeric environment variable"
myenv="12" yq --null-input '.a = env(myenv)'
