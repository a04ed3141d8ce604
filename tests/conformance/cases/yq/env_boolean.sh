# from mikefarah/yq docs: operators/env-variable-operators "Read boolean environment variable"
myenv="true" yq --null-input '.a = env(myenv)'
