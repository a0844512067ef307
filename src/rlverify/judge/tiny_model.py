"""A tiny causal LM built at test time: nothing is downloaded.

:func:`build_tiny_model` trains a byte-level BPE tokenizer on a few sentences (``tokenizers``), wraps
it as a ``PreTrainedTokenizerFast`` with a small chat template, and saves a randomly initialised
2-layer Llama (hidden size 32). With ``lessons=[(prompt, reply)]`` the model is then fitted for a few dozen steps
to answer given chat prompts with given texts, so a test can see a real decision travel from a real
model through HTTP and the parser.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from .local import import_local
from .prompts import TEMPLATE_NAMES, load_template

__all__ = ["build_tiny_model", "TINY_CHAT_TEMPLATE"]

TINY_CHAT_TEMPLATE = (
    "{% for m in messages %}<|{{ m['role'] }}|>\n{{ m['content'] }}\n{% endfor %}"
    "{% if add_generation_prompt %}<|assistant|>\n{% endif %}"
)
_CORPUS = (
    "Final Decision: Yes", "Final Decision: No", "Verdict: CORRECT", "Verdict: INCORRECT",
    "Correct", "Incorrect", "The student's final answer is equivalent to the reference answer.",
    "Reference answer: 1/2. Student's final answer: 0.5. Problem: what is x?",
    "<think> compare the two answers </think>",
)


def _template_texts() -> list[str]:
    """The built-in prompts, so that the tokenizer encodes them in few tokens (fast tests)."""
    return [load_template(name).body for name in TEMPLATE_NAMES]


def _tokenizer(transformers: Any) -> Any:
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers

    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(vocab_size=1024, special_tokens=["<pad>", "<eos>", "<bos>"],
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet(), show_progress=False)
    tok.train_from_iterator(list(_CORPUS) * 4 + _template_texts(), trainer=trainer)
    fast = transformers.PreTrainedTokenizerFast(
        tokenizer_object=tok, pad_token="<pad>", eos_token="<eos>", bos_token="<bos>")
    fast.chat_template = TINY_CHAT_TEMPLATE
    return fast


def build_tiny_model(directory: str | Path, *, seed: int = 0,
                     lessons: Sequence[tuple[str, str]] = (), steps: int = 60) -> Path:
    """Save a tiny model and tokenizer under ``directory`` and return the path.

    ``lessons``: (prompt, reply) pairs the model is fitted to (``steps`` Adam steps, cycling).
    """
    torch, transformers = import_local()
    torch.manual_seed(seed)
    tokenizer = _tokenizer(transformers)
    config = transformers.LlamaConfig(
        vocab_size=len(tokenizer), hidden_size=32, intermediate_size=64, num_hidden_layers=2,
        num_attention_heads=2, num_key_value_heads=2, max_position_embeddings=4096,
        pad_token_id=tokenizer.pad_token_id, eos_token_id=tokenizer.eos_token_id,
        bos_token_id=tokenizer.bos_token_id, tie_word_embeddings=True, initializer_range=0.5)
    model = transformers.LlamaForCausalLM(config)
    if lessons:
        _teach(torch, model, tokenizer, list(lessons), steps)
    model.generation_config.pad_token_id = tokenizer.pad_token_id
    path = Path(directory)
    model.eval().save_pretrained(path)
    tokenizer.save_pretrained(path)
    return path


def _teach(torch: Any, model: Any, tokenizer: Any, lessons: list[tuple[str, str]], steps: int) -> None:
    """Fit the model to answer each prompt with its reply (loss on the reply tokens only)."""
    batches = []
    for p, reply in lessons:
        answer = tokenizer(reply, add_special_tokens=False)["input_ids"] + [tokenizer.eos_token_id]
        context = tokenizer.apply_chat_template([{"role": "user", "content": p}], tokenize=False,
                                                add_generation_prompt=True)
        ids = tokenizer(context, add_special_tokens=False)["input_ids"]
        labels = [-100] * len(ids) + answer
        batches.append((torch.tensor([ids + answer]), torch.tensor([labels])))
    optimiser = torch.optim.Adam(model.parameters(), lr=1e-2)
    model.train()
    for step in range(steps):
        ids, labels = batches[step % len(batches)]
        loss = model(input_ids=ids, labels=labels).loss
        optimiser.zero_grad()
        loss.backward()
        optimiser.step()
